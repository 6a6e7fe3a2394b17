import { defineModule } from '../../lib/module';
import { artikelRoutes } from './artikel.routes';

export const artikelModule = defineModule('artikel', artikelRoutes);
