import { Card, Divider, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { mayOpen, navEntries } from '@/app/areas';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { SectionTitle } from '@/components/SectionTitle';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { itemEnabled, toggleItem } from '@/lib/item-settings';
import { useUsageParameters } from '@/lib/reference-data';
import { useSaveUserParameter, useUserParameter } from './api';
import { SettingRow } from './SettingRow';

/** /settings/navbar: expanded or not, and one switch per navigation entry (APP-086, APP-092). */
export function NavbarSettingsPage() {
  const { t } = useTranslation('settings');
  const menu = useTranslation(ALL_NAMESPACES).t;
  const me = useMe().data;
  // an area its usage parameter switches off has no entry or tile to choose (APP-028)
  const usage = useUsageParameters().data;
  const { value } = useUserParameter('navigation');
  const save = useSaveUserParameter('navigation');
  const areas = navEntries().filter((a) => mayOpen(me, a, usage));
  return (
    <>
      <PageHeader title={t('navbar')} subtitle={t('navbarText')} back={{ to: '/settings', label: t('title') }} />
      <Stack gap="md" maw={760}>
        <Card padding="lg">
          <SettingRow
            label={t('navVisible')}
            description={t('navVisibleText')}
            checked={value.visible}
            onChange={(visible) => save.mutate({ ...value, visible })}
            testId="nav-visible"
          />
        </Card>
        <Card padding="lg">
          <SectionTitle size="h4" mb="xs">
            {t('items')}
          </SectionTitle>
          {areas.map((a, i) => (
            <Fragment key={a.id}>
              {i > 0 && <Divider />}
              <SettingRow
                label={menu(a.label)}
                checked={itemEnabled(value, a.id)}
                onChange={(on) => save.mutate({ ...value, ...toggleItem(value, a.id, on) })}
                testId={`nav-switch-${a.id}`}
              />
            </Fragment>
          ))}
        </Card>
      </Stack>
    </>
  );
}
