import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerFailure } from './ServerFailure';

export type TransitionPhase<R> = { kind: 'ask' } | { kind: 'running' } | { kind: 'done'; result: R } | { kind: 'failed'; error: unknown };

export interface TransitionDialogProps<R> {
  opened: boolean;
  title: string;
  /** The question and any inputs of the step. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** False while the inputs are not complete. */
  ready?: boolean;
  run: () => Promise<R>;
  /** The outcome's sentence ("… wurde erfolgreich gebucht"). */
  doneText: (result: R) => string;
  doneLabel?: string;
  /** OK on the outcome (reload, open the new document). */
  onDone: (result: R) => void;
  /** Closed without an outcome (cancelled, or after a failure). */
  onClose: () => void;
  testId: string;
}

/**
 * A document step as one dialog: the question, then the server's answer in the same dialog — the outcome with OK, or
 * the server's errorMessage in large red text (BEL-039, BEL-041, BEL-043, BEL-044). Escape and the close button do
 * nothing while the step runs.
 */
export function TransitionDialog<R>(p: TransitionDialogProps<R>) {
  const { t } = useTranslation('app');
  const [phase, setPhase] = useState<TransitionPhase<R>>({ kind: 'ask' });
  const running = phase.kind === 'running';
  const close = () => {
    if (running) return;
    if (phase.kind === 'done') p.onDone(phase.result);
    else p.onClose();
    setPhase({ kind: 'ask' });
  };
  const go = async () => {
    setPhase({ kind: 'running' });
    try {
      setPhase({ kind: 'done', result: await p.run() });
    } catch (error) {
      setPhase({ kind: 'failed', error });
    }
  };
  return (
    <Modal
      opened={p.opened}
      onClose={close}
      title={p.title}
      size="34rem"
      closeOnEscape={!running}
      withCloseButton={!running}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid={p.testId}
    >
      {phase.kind === 'done' ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={22} />}>
            <Text size="md" fw={600} data-testid="transition-done">
              {p.doneText(phase.result)}
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus data-testid="transition-ok">
              {p.doneLabel ?? t('common.ok')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!running && (p.ready ?? true)) void go();
          }}
        >
          <Stack gap="md">
            {p.children}
            {phase.kind === 'failed' && <ServerFailure error={phase.error} />}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={running}>
                {phase.kind === 'failed' ? t('common.close') : t('common.cancel')}
              </Button>
              <Button type="submit" color={p.confirmColor} loading={running} disabled={!(p.ready ?? true)} data-testid="transition-confirm">
                {p.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
