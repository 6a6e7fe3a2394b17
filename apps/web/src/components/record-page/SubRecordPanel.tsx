import { Alert, Anchor, Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMetaContext } from '@/components/form/schema';
import { HeadingSection, SectionTitle } from '@/components/SectionTitle';
import { RecordActions, useRecordKeys } from './RecordPage';
import type { RecordEditor } from './use-record-editor';

/**
 * The detail of a record inside a tab (a contact person, an activity, a price): back link to its list, title,
 * the same edit/remove/save/cancel actions and leave guard as the record page, and the form in view or edit mode.
 */
export function SubRecordPanel(props: {
  editor: RecordEditor;
  title: ReactNode;
  back: { to: string; label: string };
  loading?: boolean;
  notFound?: boolean;
  editDisabledReason?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { editor } = props;
  const keys = useRecordKeys(editor, !props.loading);
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={props.back.to} size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }} data-testid="sub-back">
        <IconChevronLeft size={14} />
        {props.back.label}
      </Anchor>
      {props.notFound ? (
        <Alert color="gray" data-testid="sub-not-found">
          {t('record.notFound')}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="md" data-testid="sub-record" data-editing={editor.editing || undefined} onKeyDown={keys.onKeyDown}>
          <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
            {props.loading ? (
              <Skeleton h={24} w={220} />
            ) : (
              <SectionTitle size="h4" data-testid="sub-title">
                {props.title}
              </SectionTitle>
            )}
            <RecordActions editor={editor} editDisabledReason={props.editDisabledReason} />
          </Group>
          <HeadingSection>
            {props.aside}
            <FormProvider {...editor.form}>
              <FormMetaContext.Provider value={{ fields: editor.fields, readOnly: !editor.editing }}>
                <div ref={keys.content} style={editor.busy === 'save' || editor.busy === 'remove' ? { pointerEvents: 'none', opacity: 0.7 } : undefined}>
                  {props.children}
                </div>
              </FormMetaContext.Provider>
            </FormProvider>
          </HeadingSection>
        </Card>
      )}
    </Stack>
  );
}
