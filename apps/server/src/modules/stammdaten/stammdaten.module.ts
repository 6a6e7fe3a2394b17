import { defineModule } from '../../lib/module';
import { stammdatenRoutes } from './stammdaten.routes';

export const stammdatenModule = defineModule('stammdaten', stammdatenRoutes);
