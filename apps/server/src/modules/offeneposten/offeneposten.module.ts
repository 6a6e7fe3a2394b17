import { defineModule } from '../../lib/module';
import { offenePostenRoutes } from './offeneposten.routes';

export const offenePostenModule = defineModule('offeneposten', offenePostenRoutes);
