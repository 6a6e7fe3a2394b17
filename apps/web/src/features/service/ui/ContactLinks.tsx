import { SimpleGrid, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './service.module.css';

/** The contact numbers of a task (SVC-010), in the spec's order. */
export const CONTACT_FIELDS = ['stoermelderTelefon', 'standortTelefon1', 'standortTelefon2', 'standortMobil', 'telefon1', 'telefon2', 'mobil'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A number as a `tel:` address: digits and a leading +, nothing else. */
export const telHref = (n: string) => `tel:${n.trim().replace(/(?!^\+)[^\d]/g, '')}`;

/** Each number as a large tappable `tel:` link with its label (SVC-010). */
export function ContactLinks({ contacts }: { contacts: Partial<Record<ContactField, string | null>> }) {
  const { t } = useTranslation(['service', 'fields']);
  const present = CONTACT_FIELDS.filter((f) => contacts[f]?.trim());
  if (present.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('task.noContacts')}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {present.map((f) => {
        const number = contacts[f] as string;
        const label = t(`contact.${f}`);
        return (
          <a key={f} href={telHref(number)} className={classes.telLink} aria-label={t('task.call', { label, number })} data-testid={`tel-${f}`}>
            <IconPhone size={20} aria-hidden />
            <span>
              <Text size="xs" c="dimmed" component="span" display="block">
                {label}
              </Text>
              <Text size="md" fw={600} component="span">
                {number}
              </Text>
            </span>
          </a>
        );
      })}
    </SimpleGrid>
  );
}
