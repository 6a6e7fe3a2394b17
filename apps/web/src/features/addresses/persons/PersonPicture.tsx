import { ActionIcon, Affix, Box, Button, Card, CloseButton, FileButton, Group, Image, Loader, Text, Tooltip, Transition } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconPhotoOff, IconUpload, IconUserCircle } from '@tabler/icons-react';
import type { Ansprechpartner } from '@vario/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { notifySuccess } from '@/lib/api/error-handler';
import { useDeletePersonPicture, usePicture, useUploadPersonPicture } from '../api';

/** Only images are accepted in picture fields (1-master-data §5); the server refuses others too. */
export const isImageFile = (file: Pick<File, 'type' | 'name'>) => file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(file.name);

/** Picture upload and removal of a contact person. */
export function PersonPictureActions({ person, addressId, canEdit }: { person: Ansprechpartner; addressId: number; canEdit: boolean }) {
  const { t } = useTranslation('addresses');
  const upload = useUploadPersonPicture(addressId, person.id);
  const remove = useDeletePersonPicture(addressId, person.id);
  if (!canEdit) return null;
  const onFile = (file: File | null) => {
    if (!file) return;
    if (!isImageFile(file)) {
      notifications.show({ color: 'red', message: t('persons.imagesOnly'), autoClose: 7000 });
      return;
    }
    upload.mutate(file, { onSuccess: () => notifySuccess(t('notify.saved')) });
  };
  return (
    <Group gap="xs">
      <FileButton onChange={onFile} accept="image/*">
        {(props) => (
          <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={upload.isPending} data-testid="person-picture-upload">
            {t('persons.uploadPicture')}
          </Button>
        )}
      </FileButton>
      {person.gfxid && (
        <Tooltip label={t('persons.removePicture')}>
          <ActionIcon
            variant="subtle"
            color="red"
            loading={remove.isPending}
            aria-label={t('persons.removePicture')}
            onClick={async () => {
              if (await confirmDialog({ message: t('persons.removePictureConfirm'), danger: true, confirmLabel: t('common.delete') }))
                remove.mutate(undefined, { onSuccess: () => notifySuccess(t('notify.deleted')) });
            }}
          >
            <IconPhotoOff size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The picture only on demand: a floating "show contact person" button loads and shows it (ADR-041, ADR-042). */
export function PersonPictureFloating({ person }: { person: Ansprechpartner }) {
  const { t } = useTranslation('addresses');
  const [shown, setShown] = useState(false);
  const picture = usePicture(person.gfxid, shown);
  const url = useMemo(() => (picture.data ? URL.createObjectURL(picture.data) : null), [picture.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!person.gfxid) return null;
  return (
    <>
      {/* room below the form, so its last fields scroll clear of the floating button */}
      <Box h={72} aria-hidden />
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <Transition transition="slide-up" mounted={shown}>
          {(style) => (
            <Card shadow="lg" withBorder radius="md" p="xs" mb="sm" w={240} style={style} data-testid="person-picture">
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Text size="sm" fw={600} truncate>
                  {[person.vorname, person.name].filter(Boolean).join(' ')}
                </Text>
                <CloseButton size="sm" onClick={() => setShown(false)} aria-label={t('persons.hidePicture')} />
              </Group>
              {picture.isLoading || !url ? (
                <Group justify="center" h={160}>
                  {picture.isError ? <IconPhotoOff /> : <Loader size="sm" />}
                </Group>
              ) : (
                <Image src={url} alt={person.name} radius="sm" mah={280} fit="contain" />
              )}
            </Card>
          )}
        </Transition>
        {!shown && (
          <Button
            radius="xl"
            size="md"
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            leftSection={<IconUserCircle size={18} />}
            onClick={() => setShown(true)}
            data-testid="person-picture-show"
          >
            {t('persons.showPicture')}
          </Button>
        )}
        {shown && (
          <Group justify="flex-end">
            <ActionIcon size="lg" radius="xl" variant="default" onClick={() => setShown(false)} aria-label={t('persons.hidePicture')}>
              <IconPhoto size={18} />
            </ActionIcon>
          </Group>
        )}
      </Affix>
    </>
  );
}
