import { defineModule } from '../../lib/module';
import { systemRoutes } from './system.routes';

export const systemModule = defineModule('system', systemRoutes);
