import { AUFTRAGSSTATUS_TABELLE, MATERIALSTATUS_TABELLE, type ServiceMaterial, type ServicePlanung } from '@vario/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeColumn } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { statusLabel, useStatusTexts } from './api';
import { umlagerungTypKey } from './status-colors';

/** The codes of a status kind: the contract's table and whatever the server's dictionary adds. */
const codesOf = (texts: ReadonlyMap<string, string>, art: 'A' | 'M', table: readonly { status: string }[]) => [
  ...new Set([...table.map((z) => z.status), ...[...texts.keys()].filter((k) => k.startsWith(`${art}:`)).map((k) => k.slice(2))]),
];

/**
 * The columns the field service's card lists export (issue 20 item 10): what a card shows, one column each, the status
 * codes with the label the card's badge shows (`statusLabel`) and the transfer kind by its name.
 */
export function useServiceExportColumns() {
  const { t } = useTranslation(['service', 'fields']);
  const texts = useStatusTexts();
  return useMemo(() => {
    const status = <T>(art: 'A' | 'M') =>
      codeColumn<T>(codesOf(texts, art, art === 'A' ? AUFTRAGSSTATUS_TABELLE : MATERIALSTATUS_TABELLE), (c) => statusLabel(texts, art, c));
    const planning: ColDef<ServicePlanung>[] = [
      { field: 'auftragsnummer', headerName: t('exportColumns.auftragsnummer') },
      { field: 'auftragsstatus', headerName: t('task.status'), ...status<ServicePlanung>('A') },
      { field: 'titel', headerName: t('fields:titel') },
      { field: 'beginnDatum', headerName: t('exportColumns.beginn') },
      { field: 'endeDatum', headerName: t('exportColumns.ende') },
      { field: 'adresseName', headerName: t('exportColumns.kunde') },
      { field: 'strasse', headerName: t('fields:strasse') },
      { field: 'plz', headerName: t('fields:plz') },
      { field: 'ort', headerName: t('fields:ort') },
      { field: 'technikerName', headerName: t('exportColumns.techniker') },
      { field: 'assetNr', headerName: t('exportColumns.assetNr') },
      { field: 'assetBezeichnung', headerName: t('exportColumns.assetBezeichnung') },
      { field: 'materialstatus', headerName: t('task.materialStatus'), ...status<ServicePlanung>('M') },
    ];
    const material: ColDef<ServiceMaterial>[] = [
      { field: 'auftragsnummer', headerName: t('exportColumns.auftragsnummer') },
      { field: 'artikelnummer', headerName: t('fields:artikelnummer') },
      { field: 'artikelbezeichnung', headerName: t('fields:artikelbezeichnung') },
      {
        field: 'umlagerungTyp',
        headerName: t('exportColumns.umlagerungTyp'),
        ...codeColumn<ServiceMaterial>([1, 2, 3, 4, 5, 6, 7, 8], (c) => t(umlagerungTypKey(Number(c)))),
      },
      { field: 'materialstatus', headerName: t('task.materialStatus'), ...status<ServiceMaterial>('M') },
      { field: 'mengeUmgelagert', headerName: t('qty.mengeUmgelagert') },
      { field: 'mengeBestaetigt', headerName: t('qty.mengeBestaetigt') },
      { field: 'mengeneinheit', headerName: t('fields:mengeneinheit') },
      { field: 'auftragsAdresse', headerName: t('exportColumns.kunde') },
      { field: 'standortPlz', headerName: t('fields:plz') },
      { field: 'standortOrt', headerName: t('fields:ort') },
    ];
    return { planning, material };
  }, [t, texts]);
}
