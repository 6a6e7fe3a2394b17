import { defineModule } from '../../lib/module';
import { einkaufRoutes } from './einkauf.routes';

export const einkaufModule = defineModule('einkauf', einkaufRoutes);
