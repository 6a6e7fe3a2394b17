import { Alert, Button, Card, Group, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LookupResult } from './lookup';

/** A code that found no single product: what was scanned and why. */
export interface ScanProblem {
  code: string;
  kind: Exclude<LookupResult['kind'], 'found'>;
}

/**
 * The typed entry of a scanner screen (devices without a camera or without permission): the code field and its button;
 * a submitted code (trimmed, not empty) goes to `onCode`. Below it the problem of the last code, if any.
 */
export function ScanEntryCard(props: {
  busy: boolean;
  onCode: (code: string) => void;
  /** The field's label (default: EAN or article number). */
  label?: string;
  /** The field's hint under its label. */
  description?: string;
  submit: { label: string; icon: ReactNode; testId: string };
  problem: ScanProblem | null;
  onCloseProblem: () => void;
}) {
  const { t } = useTranslation('scanner');
  const [typed, setTyped] = useState('');
  const { problem } = props;
  return (
    <>
      <Card withBorder radius="md" padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) props.onCode(typed.trim());
          }}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={props.label ?? t('typedLabel')}
              description={props.description}
              leftSection={<IconBarcode size={16} />}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              inputMode="text"
              autoComplete="off"
              style={{ flex: 1 }}
              data-testid="scanner-input"
            />
            <Button type="submit" leftSection={props.submit.icon} loading={props.busy} data-testid={props.submit.testId}>
              {props.submit.label}
            </Button>
          </Group>
        </form>
      </Card>
      {problem && (
        <Alert
          color={problem.kind === 'ambiguous' ? 'orange' : 'red'}
          variant="light"
          title={problem.kind === 'ambiguous' ? t('ambiguous') : t('notFound')}
          data-testid={`scanner-${problem.kind}`}
          withCloseButton
          onClose={props.onCloseProblem}
        >
          {t('code', { code: problem.code })}
        </Alert>
      )}
    </>
  );
}
