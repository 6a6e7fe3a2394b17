import type { IdempotencyTables } from '../lib/idempotency';
import type { AdressenTables } from '../modules/adressen/adressen.tables';
import type { ArtikelTables } from '../modules/artikel/artikel.tables';
import type { AssetsTables } from '../modules/assets/assets.tables';
import type { AuthTables } from '../modules/auth/auth.tables';
import type { BelegDokumenteTables } from '../modules/belege/belege.dokumente.tables';
import type { BelegeTables } from '../modules/belege/belege.tables';
import type { CrmTables } from '../modules/crm/crm.tables';
import type { DealsTables } from '../modules/deals/deals.tables';
import type { EinkaufTables } from '../modules/einkauf/einkauf.tables';
import type { LagerTables } from '../modules/lager/lager.tables';
import type { OffenePostenTables } from '../modules/offeneposten/offeneposten.tables';
import type { ServiceTables } from '../modules/service/service.tables';
import type { StammdatenTables } from '../modules/stammdaten/stammdaten.tables';
import type { SystemTables } from '../modules/system/system.tables';
import type { WebappTables } from '../modules/webapp/webapp.tables';

/** Every table: each area declares its own in `modules/<area>/<area>.tables.ts`; one line per area. */
export interface Database
  extends AuthTables,
    SystemTables,
    WebappTables,
    StammdatenTables,
    CrmTables,
    AdressenTables,
    BelegeTables,
    DealsTables,
    BelegDokumenteTables,
    EinkaufTables,
    ArtikelTables,
    LagerTables,
    AssetsTables,
    ServiceTables,
    OffenePostenTables,
    IdempotencyTables {}
