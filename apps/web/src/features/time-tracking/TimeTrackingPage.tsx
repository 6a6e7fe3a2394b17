import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconClockPlus, IconLogin, IconLogout } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { berlinTag, dauerText, hms, ZEITBUCHUNG_TYPEN } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '@/components/form/DateTextInput';
import { PageHeader } from '@/components/PageHeader';
import { api } from '@/lib/api/client';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatDate, formatDecimal, formatTime } from '@/lib/format';
import { newId } from '@/lib/id';
import { createQueryKeys } from '@/lib/query-keys';
import { useNow } from '@/lib/use-now';
import { SubsequentBookingDialog } from '../service/dialogs/SubsequentBookingDialog';

const keys = createQueryKeys('timeTracking');
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** One figure of the day: label and value. */
function Figure({ label, value, hint, testId, color }: { label: string; value: string; hint?: string; testId: string; color?: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * /time-tracking (ZEIT-001…006): sign in and out, the day's entries with their durations (a dash when sign-in is after
 * sign-out, a running one counting), day total and balance, hour balance, remaining leave, regular end of work, the
 * working-time law's warnings, and the subsequent booking of the field service.
 */
export function TimeTrackingPage() {
  const { t } = useTranslation('timeTracking');
  const today = berlinTag();
  const [datum, setDatum] = useState<string | null>(today);
  const day = isDay(datum) ? datum : today;
  const now = useNow(1000);
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: keys.custom('day', day),
    queryFn: async () => (await api('zeitTag', { params: { Datum: day } })).result,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const [typ, setTyp] = useState<string>('1');
  const [kommentar, setKommentar] = useState('');
  const [busy, setBusy] = useState(false);
  const [subsequent, setSubsequent] = useState(false);
  const d = q.data;
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all });

  const stamp = async (signIn: boolean) => {
    setBusy(true);
    try {
      const headers = { 'Idempotency-Key': newId() };
      const text = kommentar.trim() || null;
      const e = signIn
        ? (await api('zeitAnmelden', { headers, body: { data: { typ: Number(typ), kommentar: text } } })).result
        : (await api('zeitAbmelden', { body: { data: { kommentar: text } } })).result;
      setKommentar('');
      notifySuccess(t(signIn ? 'signedInOk' : 'signedOutOk', { time: formatTime(signIn ? e.anmeldung : e.abmeldung) }));
    } catch (err) {
      handleApiError(err, { action: 'save' });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  // a running entry counts up every second; the day's figures move with it
  const running = d?.ergebnisEintraege.find((e) => e.laeuft);
  const extra =
    running && day === today
      ? Math.max(0, Math.floor((now.valueOf() - Date.parse(d?.ergebnisEintraege.find((e) => e.laeuft)?.anmeldung ?? '')) / 1000) - running.dauerSekunden)
      : 0;
  const signedIn = !!d?.angemeldet;
  const balanceColor = (s: number) => (s < 0 ? 'red.8' : s > 0 ? 'green.8' : undefined);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Badge size="lg" color={signedIn ? 'green' : 'gray'} variant="light" data-testid="tt-signed-in" data-signed-in={signedIn || undefined}>
              {signedIn && running ? t('signedInSince', { time: formatTime(running.anmeldung) }) : t(signedIn ? 'signedIn' : 'signedOut')}
            </Badge>
            <DateTextInput label={t('date')} value={datum} onChange={setDatum} maw={180} data-testid="tt-date" />
          </Group>
          <Group mt="md" align="flex-end" gap="sm" wrap="wrap">
            {!signedIn && (
              <Select
                label={t('type')}
                data={ZEITBUCHUNG_TYPEN.map((v) => ({ value: String(v), label: t(`typ.${v}`) }))}
                value={typ}
                onChange={(v) => setTyp(v ?? '1')}
                allowDeselect={false}
                w={200}
                data-testid="tt-type"
              />
            )}
            <TextInput
              label={t('comment')}
              value={kommentar}
              onChange={(e) => setKommentar(e.currentTarget.value)}
              maxLength={2000}
              w={240}
              data-testid="tt-comment"
            />
            {signedIn ? (
              <Button size="md" color="red" leftSection={<IconLogout size={18} />} loading={busy} onClick={() => void stamp(false)} data-testid="tt-sign-out">
                {t('signOut')}
              </Button>
            ) : (
              <Button size="md" color="green" leftSection={<IconLogin size={18} />} loading={busy} onClick={() => void stamp(true)} data-testid="tt-sign-in">
                {t('signIn')}
              </Button>
            )}
            <Button size="md" variant="default" leftSection={<IconClockPlus size={18} />} onClick={() => setSubsequent(true)} data-testid="tt-subsequent">
              {t('subsequent')}
            </Button>
          </Group>
        </Card>

        {d && d.warnungen.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('warn.title')} data-testid="tt-warnings">
            <Stack gap={2}>
              {d.warnungen.map((w) => (
                <Text key={w} size="sm" data-testid={`tt-warning-${w}`}>
                  {t(`warn.${w}`)}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        {d && (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Figure label={t('dayTotal')} value={hms(d.tagesSumme + extra)} hint={t('breaks', { time: hms(d.pausenSekunden) })} testId="tt-day-total" />
            <Figure label={t('dayTarget')} value={hms(d.tagesSoll)} testId="tt-day-target" />
            <Figure label={t('dayBalance')} value={hms(d.tagesSaldo + extra)} color={balanceColor(d.tagesSaldo + extra)} testId="tt-day-balance" />
            <Figure
              label={t('hourBalance')}
              value={hms(d.stundenSaldo + extra)}
              hint={d.saldoAb ? t('balanceFrom', { date: formatDate(d.saldoAb) }) : undefined}
              color={balanceColor(d.stundenSaldo + extra)}
              testId="tt-hour-balance"
            />
            <Figure label={t('remainingLeave')} value={t('leaveDays', { count: d.resturlaub, days: formatDecimal(d.resturlaub) })} testId="tt-leave" />
            <Figure label={t('regularEnd')} value={d.regulaeresArbeitsende ? formatTime(d.regulaeresArbeitsende) : t('noEnd')} testId="tt-regular-end" />
          </SimpleGrid>
        )}

        <Card withBorder radius="md" padding="sm">
          <Text fw={600} mb="xs">
            {t('entries')}
          </Text>
          {d && d.ergebnisEintraege.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="tt-no-entries">
              {t('noEntries')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped verticalSpacing="xs" data-testid="tt-entries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('signInAt')}</Table.Th>
                    <Table.Th>{t('signOutAt')}</Table.Th>
                    <Table.Th>{t('duration')}</Table.Th>
                    <Table.Th>{t('type')}</Table.Th>
                    <Table.Th>{t('comment')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(d?.ergebnisEintraege ?? []).map((e) => (
                    <Table.Tr key={e.id} data-testid="tt-entry">
                      <Table.Td>
                        {e.anmeldung
                          ? `${e.anmeldung.slice(0, 10) === e.abmeldung?.slice(0, 10) || !e.abmeldung ? '' : `${formatDate(e.anmeldung)} `}${formatTime(e.anmeldung)}`
                          : '–'}
                      </Table.Td>
                      <Table.Td>
                        {e.abmeldung ? (
                          formatTime(e.abmeldung)
                        ) : (
                          <Badge color="green" variant="light">
                            {t('running')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="tt-duration">
                        {e.laeuft ? dauerText(e.anmeldung, null, now.toDate()) : e.dauer}
                      </Table.Td>
                      <Table.Td>
                        {t(`typ.${e.typ as 1 | 2 | 3}`)}
                        {e.nachgebucht && (
                          <Badge ml={6} size="xs" variant="outline">
                            {t('subsequentMark')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-line' }}>{e.kommentar}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      <SubsequentBookingDialog
        opened={subsequent}
        onClose={() => setSubsequent(false)}
        send={async (daten) => {
          const r = await api('zeitNachbuchen', { headers: { 'Idempotency-Key': newId() }, body: { data: daten } });
          notifySuccess(t('subsequentOk'));
          await refresh();
          return r;
        }}
      />
    </>
  );
}
