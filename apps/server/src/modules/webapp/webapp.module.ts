import { defineModule } from '../../lib/module';
import { webappRoutes } from './webapp.routes';

export const webappModule = defineModule('webapp', webappRoutes);
