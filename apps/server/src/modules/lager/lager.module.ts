import { defineModule } from '../../lib/module';
import { lagerRoutes } from './lager.routes';

export const lagerModule = defineModule('lager', lagerRoutes);
