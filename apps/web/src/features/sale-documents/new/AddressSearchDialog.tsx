import { Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { AdresseListe } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { pickerFilter } from '@/components/pickers/AddressPicker';
import { useListKeys } from '@/components/pickers/use-list-keys';
import { PICKER_LIMIT, usePickerSearch } from '@/components/pickers/use-picker-search';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';
import classes from './AddressSearchDialog.module.css';

const keys = createQueryKeys('documentAddressSearch');
const same = (a: AdresseListe, b: AdresseListe) => a.id === b.id;

/**
 * The address search for a new document when none is given (BEL-008): the server's quick search, unblocked addresses;
 * one click picks, or arrow keys and Enter from the search field.
 */
export function AddressSearchDialog({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (a: AdresseListe) => void }) {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const filter = pickerFilter('any');
  const { search, setSearch, rows, fetching, pending } = usePickerSearch<AdresseListe>(
    (term) => keys.list({ term }),
    async (term) => (await api('adressenList', { params: { filter, search: term, limit: PICKER_LIMIT, orderBy: 'name1' } })).result,
    same,
  );
  const hitKeys = useListKeys(rows.length, (i) => rows[i] && onPick(rows[i]), { resetKey: rows, pending });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('newDoc.searchTitle')}
      size="34rem"
      closeButtonProps={{ 'aria-label': t('app:common.close') }}
      data-testid="address-search-dialog"
    >
      <Stack gap="sm">
        <TextInput
          label={t('app:grid.search')}
          leftSection={<IconSearch size={16} />}
          rightSection={fetching ? <Loader size={14} /> : undefined}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          {...hitKeys.inputProps}
          data-autofocus
          data-testid="address-search-input"
        />
        <ScrollArea.Autosize mah="50vh">
          <Stack gap={2} {...hitKeys.listProps} aria-label={t('newDoc.searchTitle')}>
            {rows.map((a, i) => (
              <UnstyledButton key={a.id} className={classes.hit} onClick={() => onPick(a)} {...hitKeys.optionProps(i)} data-testid="address-search-hit">
                <Text size="sm" fw={600}>
                  {a.name1}
                </Text>
                <Text size="xs" c="dimmed">
                  {[a.adressnummer, [a.plz, a.ort].filter(Boolean).join(' '), a.strasse].filter(Boolean).join(' · ')}
                </Text>
              </UnstyledButton>
            ))}
            {!fetching && rows.length === 0 && (
              <Text size="sm" c="dimmed" p="sm">
                {t('app:common.noData')}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
