import { defineModule } from '../../lib/module';
import { adressenRoutes } from './adressen.routes';
import { auswertungenRoutes } from './auswertungen.routes';
import { preiseRoutes } from './preise.routes';

/** Addresses with their persons, activities, additional addresses, files, customer prices and reports. */
export const adressenModule = defineModule('adressen', (api, ctx) => {
  adressenRoutes(api, ctx);
  preiseRoutes(api, ctx);
  auswertungenRoutes(api, ctx);
});
