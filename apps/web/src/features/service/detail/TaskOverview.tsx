import { Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPencil } from '@tabler/icons-react';
import type { ServiceAuftragDetail, ServicePlanung } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { formatDateTime } from '@/lib/format';
import { ContactLinks } from '../ui/ContactLinks';
import classes from '../ui/service.module.css';
import { planningSpan } from '../ui/TaskCard';
import { Field, Section } from './sections';

/** The visit's times (schedule, accepted, travel, arrival with distance). */
export function ScheduleSection({ p, onCorrectArrival }: { p: ServicePlanung | null; onCorrectArrival?: () => void }) {
  const { t } = useTranslation(['service', 'app']);
  return (
    <Section title={t('task.schedule')} testId="schedule-section">
      <Stack gap="xs">
        {p && <Field label={t('task.schedule')}>{planningSpan(p)}</Field>}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Field label={t('task.acceptedAt')} testId="accepted-at">
            {formatDateTime(p?.angenommenDatum) || '–'}
          </Field>
          <Field label={t('task.travelStarted')} testId="travel-at">
            {formatDateTime(p?.reisebeginnDatum) || '–'}
          </Field>
          <Field label={t('task.arrived')} testId="arrived-at">
            {formatDateTime(p?.vorOrtDatum) || '–'}
            {p?.strecke !== null && p?.strecke !== undefined ? ` · ${p.strecke} km` : ''}
            {onCorrectArrival && (
              <Button
                variant="subtle"
                size="compact-sm"
                ml="xs"
                leftSection={<IconPencil size={14} />}
                onClick={onCorrectArrival}
                data-testid="arrival-correct"
              >
                {t('action.correctArrival')}
              </Button>
            )}
          </Field>
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

/** The site (a map link; the address when the task has no site), the asset and the order's types and references. */
export function PlaceSection({ task }: { task: ServiceAuftragDetail }) {
  const { t } = useTranslation(['service', 'app']);
  const base = useBasisdaten().data;
  const orderType = base?.serviceAuftragsarten.find((a) => a.id === task.auftragsartId)?.bezeichnung;
  const billingType = base?.serviceAbrechnungsarten.find((a) => a.id === task.abrechnungsartId)?.bezeichnung;
  const site = [task.standortName, task.standortStrasse, [task.standortPlz, task.standortOrt].filter(Boolean).join(' ')].filter(Boolean);
  const address = task.adresse
    ? [task.adresse.name1, task.adresse.strasse, [task.adresse.plz, task.adresse.ort].filter(Boolean).join(' ')].filter(Boolean)
    : [];
  const place = site.length ? site : address;
  return (
    <Section title={t('task.address')}>
      <Stack gap="xs">
        {place.length > 0 && (
          <Anchor
            href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(place.join(', '))}`}
            target="_blank"
            rel="noreferrer"
            className={classes.telLink}
            aria-label={`${t('task.openMap')}: ${place.join(', ')}`}
          >
            <IconMapPin size={20} aria-hidden />
            <span>{place.join(', ')}</span>
          </Anchor>
        )}
        {task.asset && (
          <Field label={t('task.asset')} testId="task-asset">
            {task.asset.assetnummer} – {task.asset.bezeichnung}
            {task.asset.seriennummer ? ` (${task.asset.seriennummer})` : ''}
          </Field>
        )}
        <SimpleGrid cols={2} spacing="xs">
          {orderType && <Field label={t('task.orderType')}>{orderType}</Field>}
          {billingType && <Field label={t('task.billingType')}>{billingType}</Field>}
          {task.extReferenz && <Field label={t('task.extReference')}>{task.extReferenz}</Field>}
          {task.kundenauftragskennzeichen && <Field label={t('task.customerOrder')}>{task.kundenauftragskennzeichen}</Field>}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

/** Tappable contact numbers (SVC-010) and the task's description. */
export function ContactSections({ task }: { task: ServiceAuftragDetail }) {
  const { t } = useTranslation(['service', 'app']);
  return (
    <>
      <Section title={t('task.contacts')} testId="contacts-section">
        {task.stoermelderName && (
          <Text size="sm" mb="xs">
            {task.stoermelderName}
          </Text>
        )}
        <ContactLinks contacts={task} />
      </Section>
      {task.auftragsbeschreibung && (
        <Section title={t('task.description')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{task.auftragsbeschreibung}</Text>
        </Section>
      )}
    </>
  );
}
