import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The German names the seed gives the price groups: a group still so named is reference data, a renamed one is the user's. */
const STANDARD_PRICE_GROUP = 'Standardpreis';
const NUMBERED_PRICE_GROUP = /^Preisgruppe (\d+)$/;

/**
 * Labels of reference data in the user's language (issue 9 item 8): salutations, activity types and price groups the
 * system ships are translated by their key; entries a user typed (a new salutation, a renamed price group) are shown
 * as entered.
 */
export function useReferenceLabels() {
  const { t } = useTranslation('app');
  return useMemo(() => {
    const salutations: Record<string, string> = t('reference.salutation', { returnObjects: true });
    const activityTypes: Record<string, string> = t('reference.activityType', { returnObjects: true });
    return {
      /** The keys of the salutations the system ships (a list's code column labels them). */
      salutationCodes: Object.keys(salutations),
      /** A salutation by its key (`wert`); one a user added shows as entered (its `bezeichnung` when given). */
      salutation: (wert: string | null | undefined, bezeichnung?: string) => (wert ? (salutations[wert] ?? bezeichnung ?? wert) : ''),
      activityType: (art: { wert?: string | null; bezeichnung: string }) => (art.wert && activityTypes[art.wert]) || art.bezeichnung,
      priceGroup: (bezeichnung: string) => {
        if (bezeichnung === STANDARD_PRICE_GROUP) return t('reference.priceGroup.standard');
        const n = NUMBERED_PRICE_GROUP.exec(bezeichnung)?.[1];
        return n ? t('reference.priceGroup.numbered', { n }) : bezeichnung;
      },
    };
  }, [t]);
}
