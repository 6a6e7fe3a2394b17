import { Alert, Anchor, Box, Button } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconFileUnknown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/errors';
import classes from './RecordPage.module.css';

/** True for a record id that is neither `new` nor a positive whole number (`/assets/abc`): no request is made for it. */
export const isInvalidRecordId = (idParam: string) => idParam !== 'new' && !/^[1-9]\d*$/.test(idParam);

/** True when the record's read answered 404: the record does not exist (any more). */
export const isNotFoundError = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * A record route whose record does not exist (`/addresses/999999`, `/assets/abc`): a notice inside the layout with the
 * way back instead of placeholders, form or edit button (issue 9 item 6).
 */
export function RecordNotFound({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Box className={classes.bar} data-testid="record-bar">
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" className={classes.back} data-testid="record-back">
          <IconChevronLeft size={14} />
          {back.label}
        </Anchor>
        <Box pb="sm" />
      </Box>
      <Alert mt="md" color="yellow" variant="light" icon={<IconFileUnknown size={18} />} title={t('errors.notExists')} data-testid="record-not-found">
        <Button component={Link} to={back.to} variant="light" size="xs" mt="xs" leftSection={<IconArrowLeft size={14} />} data-testid="record-not-found-back">
          {back.label}
        </Button>
      </Alert>
    </>
  );
}
