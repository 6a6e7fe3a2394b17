import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '@/i18n';

/** de / en / fr (APP-075). */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      value={i18n.language}
      onChange={(v) => void setLanguage(v as Language)}
      data={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
      aria-label={t('account.language')}
      data-testid="language-switch"
    />
  );
}
