import { Badge, Box, Group, Menu, NativeSelect, Stack, Text } from '@mantine/core';
import { useFullscreenDocument, useMediaQuery, useOs } from '@mantine/hooks';
import { IconLogout, IconMaximize, IconMinimize, IconMoon, IconSun } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/session';
import { AccountButton, UserAvatar } from './AccountButton';
import { LanguageSwitch } from './LanguageSwitch';
import { useColorMode } from './use-color-mode';
import { useStorageRegion } from './use-storage-region';

/** Avatar, user name, storage region, language, dark/light, fullscreen (mobile, not iOS), logout (APP-074..076). */
export function AccountMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const { dark, setDark } = useColorMode();
  const storage = useStorageRegion();
  const os = useOs();
  const mobile = useMediaQuery('(pointer: coarse)', false);
  const fullscreen = useFullscreenDocument();
  if (!me) return null;
  const { benutzer } = me;
  return (
    <Menu position="bottom-end" width={280} withinPortal closeOnItemClick defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Group p="sm" gap="sm" wrap="nowrap">
          <UserAvatar />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} truncate data-testid="account-name">
              {benutzer.name}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {benutzer.kuerzel}
              </Text>
              {benutzer.istAdmin && (
                <Badge size="xs" variant="light">
                  {t('account.admin')}
                </Badge>
              )}
            </Group>
          </Box>
        </Group>
        <Menu.Divider />
        <Stack gap="sm" p="sm">
          <NativeSelect
            size="xs"
            label={t('account.storageRegion')}
            description={storage.readOnly ? t('account.storageRegionReadOnly') : undefined}
            disabled={storage.readOnly}
            value={storage.region ? String(storage.region.id) : ''}
            onChange={(e) => storage.choose(Number(e.currentTarget.value))}
            data={storage.regions.map((r) => ({ value: String(r.id), label: r.name }))}
            data-testid="storage-region"
          />
          <Box>
            <Text size="xs" fw={500} mb={4}>
              {t('account.language')}
            </Text>
            <LanguageSwitch fullWidth />
          </Box>
        </Stack>
        <Menu.Divider />
        <Menu.Item leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />} onClick={() => setDark(!dark)} data-testid="toggle-dark">
          {dark ? t('account.lightMode') : t('account.darkMode')}
        </Menu.Item>
        {mobile && os !== 'ios' && os !== 'undetermined' && (
          <Menu.Item leftSection={fullscreen.fullscreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />} onClick={() => void fullscreen.toggle()}>
            {fullscreen.fullscreen ? t('account.exitFullscreen') : t('account.fullscreen')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} component={Link} to="/logout" data-testid="logout">
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
