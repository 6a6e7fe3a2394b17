import { defineModule } from '../../lib/module';
import { assetsRoutes } from './assets.routes';

export const assetsModule = defineModule('assets', assetsRoutes);
