import { Alert, Button, Card, Group, List, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ERECHNUNG_PRUEFUNG_WERTE, type VerkaeuferDaten } from '@vario/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { useFieldLabel } from '@/i18n/field-label';
import { api } from '@/lib/api/client';
import { notifySuccess } from '@/lib/api/error-handler';
import { ApiError } from '@/lib/api/errors';
import { queryClient } from '@/lib/query-client';
import { settingsKeys } from './api';

/** The seller data's fields by card (system info): letterhead, tax, contact for e-invoices, bank. */
/** Fields the app labels everywhere the same (the `fields` namespace); the others are the seller page's own. */
const ALLGEMEIN = new Set<string>(['strasse', 'plz', 'ort', 'lkz', 'telefon', 'email', 'ustId']);
const KARTEN = [
  { id: 'company', felder: ['lizenzName', 'strasse', 'plz', 'ort', 'lkz', 'telefon', 'email', 'internet'] },
  { id: 'tax', felder: ['ustId', 'steuernummer', 'geschaeftsfuehrer', 'registergericht'] },
  { id: 'contact', felder: ['kontaktName', 'kontaktTelefon', 'kontaktEmail'] },
  { id: 'bank', felder: ['bank', 'iban', 'bic'] },
] as const;
type Feld = (typeof KARTEN)[number]['felder'][number];
type Werte = Record<Feld, string>;

const sellerKey = settingsKeys.custom('seller');

/**
 * /settings/seller (administrator, issue 24): the company's data printed on every document and written into every
 * e-invoice (seller, contact, bank account for payment means 58), and whether a missing e-invoice term refuses a
 * booking or only warns. What XRechnung would miss now is listed with its BT.
 */
export function SellerSettingsPage() {
  const { t } = useTranslation('settings');
  const fieldLabel = useFieldLabel();
  const admin = !!useMe().data?.benutzer.istAdmin;
  const daten = useQuery({ queryKey: sellerKey, queryFn: async () => (await api('verkaeuferGet')).result, enabled: admin });
  const [werte, setWerte] = useState<Werte | null>(null);
  const [pruefung, setPruefung] = useState<VerkaeuferDaten['pruefung']>('ablehnen');
  const [fehler, setFehler] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    const d = daten.data;
    if (!d) return;
    setWerte(Object.fromEntries(KARTEN.flatMap((k) => k.felder).map((f) => [f, d[f] ?? ''])) as Werte);
    setPruefung(d.pruefung);
  }, [daten.data]);
  const speichern = useMutation({
    mutationFn: async (data: Werte) => (await api('verkaeuferSet', { body: { data: { ...data, pruefung } } })).result,
    onSuccess: (d) => {
      queryClient.setQueryData(sellerKey, d);
      setFehler({});
      notifySuccess(t('seller.saved'));
    },
    onError: (err) => {
      const fe = err instanceof ApiError ? err.fieldErrors : {};
      setFehler(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v?.[0]])));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (werte) speichern.mutate(werte);
  };
  if (!admin) return <Alert color="yellow">{t('seller.adminOnly')}</Alert>;
  const fehlend = daten.data?.fehlend ?? [];
  return (
    <>
      <PageHeader title={t('seller.title')} subtitle={t('seller.subtitle')} />
      <form onSubmit={submit} noValidate data-testid="seller-form">
        <Stack gap="md">
          {fehlend.length > 0 && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('seller.missing')} data-testid="seller-missing">
              <List size="sm">
                {fehlend.map((f) => (
                  <List.Item key={f.bt}>
                    {f.bt}: {f.text}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {KARTEN.map((k) => (
              <Card key={k.id} padding="lg">
                <Title order={2} size="h4" mb="xs">
                  {t(`seller.cards.${k.id}`)}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {k.felder.map((f) => (
                    <TextInput
                      key={f}
                      label={
                        ALLGEMEIN.has(f)
                          ? fieldLabel(f as Parameters<typeof fieldLabel>[0])
                          : t(`seller.fields.${f as Exclude<Feld, 'strasse' | 'plz' | 'ort' | 'lkz' | 'telefon' | 'email' | 'ustId'>}`)
                      }
                      value={werte?.[f] ?? ''}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setWerte((w) => (w ? { ...w, [f]: v } : w));
                      }}
                      error={fehler[f]}
                      disabled={!werte}
                      data-testid={`seller-${f}`}
                    />
                  ))}
                </SimpleGrid>
              </Card>
            ))}
            <Card padding="lg">
              <Title order={2} size="h4" mb="xs">
                {t('seller.cards.check')}
              </Title>
              <Select
                label={t('seller.fields.pruefung')}
                description={t('seller.checkHint')}
                data={ERECHNUNG_PRUEFUNG_WERTE.map((v) => ({ value: v, label: t(`seller.check.${v}`) }))}
                value={pruefung}
                onChange={(v) => v && setPruefung(v as VerkaeuferDaten['pruefung'])}
                allowDeselect={false}
                data-testid="seller-pruefung"
              />
            </Card>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={speichern.isPending} disabled={!werte} data-testid="seller-save">
              {t('seller.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
