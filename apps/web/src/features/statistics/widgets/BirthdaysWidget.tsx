import { Anchor, Badge, Card, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import { formatDate, relativeDay } from '@/lib/format';
import { useBirthdays } from '../api';

/**
 * STAT-010…015: the persons' birthdays from 3 days back to 5 ahead, ascending as the server sends them, each with its
 * relative label (3 days ago … day after tomorrow, otherwise the day count) against the server's today; the empty text.
 */
export function BirthdaysWidget() {
  const { t } = useTranslation('statistics');
  const app = useTranslation().t;
  const birthdays = useBirthdays();
  if (!birthdays.data) return <Skeleton h={220} radius="md" />;
  const { fenster, rows } = birthdays.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid="stat-birthdays">
      <Stack gap={2} mb="sm">
        <SectionTitle size="h5">{t('widget.birthdays')}</SectionTitle>
        {fenster && (
          <Text size="xs" c="dimmed">
            {t('birthdayWindow', { from: formatDate(fenster.von), to: formatDate(fenster.bis) })}
          </Text>
        )}
      </Stack>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="stat-birthdays-empty">
          {t('noBirthdays')}
        </Text>
      ) : (
        // a long list scrolls inside the card (a company's persons: dozens a week); a keyboard user reaches it by its links
        <ScrollArea.Autosize mah={440} type="auto" offsetScrollbars>
          <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => {
              const rel = relativeDay(r.datum, fenster?.heute ?? new Date());
              return (
                <Group key={r.personId} component="li" gap="sm" wrap="nowrap" justify="space-between" data-testid="stat-birthday">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/addresses/${r.adresseId}/persons/${r.personId}`} size="sm" fw={600} truncate>
                      {[r.anrede, r.name].filter(Boolean).join(' ')}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatDate(r.geburtstag)} · {t('age', { age: r.alter })}
                    </Text>
                  </Stack>
                  <Badge
                    variant={r.tage === 0 ? 'filled' : 'light'}
                    color={r.tage < 0 ? 'gray' : 'blue'}
                    style={{ flexShrink: 0 }}
                    data-testid="stat-birthday-label"
                  >
                    {rel ? app(`relative.${rel.key}`, { count: rel.count }) : formatDate(r.datum)}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
          {fenster && fenster.anzahl > rows.length && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('moreBirthdays', { count: fenster.anzahl - rows.length })}
            </Text>
          )}
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
