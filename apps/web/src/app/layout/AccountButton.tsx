import { Avatar, Box, Group, Text, UnstyledButton, type UnstyledButtonProps, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/session';
import { useStorageRegion } from './use-storage-region';

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

/** The user's avatar. */
export function UserAvatar() {
  const benutzer = useMe().data?.benutzer;
  if (!benutzer) return null;
  return (
    <Avatar src={benutzer.avatar} color="blue" radius="xl" size={34} alt={benutzer.name}>
      {initials(benutzer.name)}
    </Avatar>
  );
}

/** The account button of the header: avatar, name and storage region (the menu itself loads when it is opened). */
export function AccountButton(props: UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const me = useMe().data;
  const storage = useStorageRegion();
  if (!me) return null;
  const { benutzer } = me;
  return (
    <UnstyledButton data-testid="account-menu" {...props}>
      <Group gap="xs" wrap="nowrap">
        <UserAvatar />
        {/* the accessible name contains the visible text (initials, name, region) and says what the button is */}
        <VisuallyHidden>{t('header.account')}</VisuallyHidden>
        <Box visibleFrom="sm" maw={160}>
          <Text size="sm" fw={600} truncate>
            {benutzer.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {storage.region?.name ?? benutzer.kuerzel}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
