import { defineModule } from '../../lib/module';
import { serviceRoutes } from './service.routes';

export const serviceModule = defineModule('service', serviceRoutes);
