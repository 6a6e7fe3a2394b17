import { Affix, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserParameter } from '@/features/settings/api';
import { getConfig } from '@/lib/api/config';
import { COOKIE_BANNER_DISMISSED_KEY as DISMISSED_KEY } from '@/lib/ui-state';

/** The build flag: on unless VITE_COOKIE_BANNER=false. */
export const COOKIE_BANNER_BUILD_FLAG = import.meta.env.VITE_COOKIE_BANNER !== 'false';

/** Shown when the build flag and the user setting allow it, until dismissed (APP-073). */
export function CookieBanner() {
  const { t } = useTranslation();
  const setting = useUserParameter('cookieBanner');
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (!COOKIE_BANNER_BUILD_FLAG || setting.isLoading || !setting.value || dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300} style={{ right: 16, maxWidth: 560 }}>
      <Paper withBorder shadow="lg" p="md" data-testid="cookie-banner">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <IconCookie size={22} style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t('cookie.text')} {/* underlined: a link inside running text is told apart by more than its colour (WCAG 1.4.1, axe link-in-text-block) */}
            <Anchor href={getConfig().links.privacy} target="_blank" rel="noreferrer" size="sm" underline="always" data-testid="cookie-privacy">
              {t('cookie.privacy')}
            </Anchor>
          </Text>
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button size="xs" onClick={dismiss}>
            {t('cookie.accept')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
