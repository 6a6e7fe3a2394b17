import { Anchor, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { APP_BUILD_DATE, APP_VERSION } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/lib/api/config';
import { useStore } from '@/lib/store';
import { infoDrawerState } from '@/lib/ui-state';
import { useSystemInfo } from '../auth/session';

export const INFO_DRAWER_WIDTH = 320;

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Links (configurable via config.json, with defaults), licence holder and versions (APP-001, APP-081, APP-082). */
export function InfoDrawer() {
  const { t } = useTranslation();
  const opened = useStore(infoDrawerState);
  const info = useSystemInfo().data;
  const links = getConfig().links;
  const entries = [
    ['imprint', links.imprint],
    ['disclaimer', links.disclaimer],
    ['privacy', links.privacy],
    ['conditions', links.conditions],
    ['newsFeed', links.newsFeed],
  ] as const;
  return (
    <Drawer opened={opened} onClose={() => infoDrawerState.set(false)} size={INFO_DRAWER_WIDTH} title={<Title order={4}>{t('info.title')}</Title>}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('info.links')}
          </Text>
          {entries.map(([key, href]) => (
            <Anchor key={key} href={href} target="_blank" rel="noreferrer" size="sm">
              <Group gap={6}>
                {t(`info.${key}`)}
                <IconExternalLink size={14} />
              </Group>
            </Anchor>
          ))}
        </Stack>
        <Divider />
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('info.licenceHolder')}
          </Text>
          <Text size="sm" fw={500} data-testid="licence-holder">
            {info?.lizenzName ?? '–'}
          </Text>
          {info && <Row label={t('info.serial')} value={info.seriennummer} />}
        </Stack>
        <Divider />
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('info.versions')}
          </Text>
          <Row label={t('info.webApp')} value={`${APP_VERSION} · ${t('info.build', { build: APP_BUILD_DATE })}`} testId="version-webapp" />
          <Row label={t('info.database')} value={info?.datenbankVersion ?? '–'} testId="version-database" />
          <Row label={t('info.server')} value={info?.serverVersion ?? '–'} testId="version-server" />
        </Stack>
      </Stack>
    </Drawer>
  );
}
