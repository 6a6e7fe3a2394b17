import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileDescription, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDocumentLabels } from '../labels';

/** The types a document for a deal can be: offer or assignment (BEL-032, spec 2 §9). */
export const DEAL_TYPES = ['0100', '0200'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/**
 * Document-type selection for a deal (BEL-008, BEL-032): a new document started for a deal without a type asks
 * whether it is an offer (0100) or an assignment (0200). Closing it without a choice leaves the new document.
 */
export function DealTypeDialog({
  opened,
  dealId,
  onPick,
  onClose,
}: {
  opened: boolean;
  dealId: number;
  onPick: (type: DealType) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const labels = useDocumentLabels();
  const icons = { '0100': IconFileDescription, '0200': IconFileInvoice } as const;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('newDoc.dealTypeTitle')}
      size="30rem"
      closeButtonProps={{ 'aria-label': t('app:common.close') }}
      data-testid="deal-type-dialog"
    >
      <Stack gap="md">
        <Text size="sm">{t('newDoc.dealTypeText', { id: dealId })}</Text>
        <SimpleGrid cols={2} spacing="sm">
          {DEAL_TYPES.map((type) => {
            const Icon = icons[type];
            return (
              <Button key={type} variant="light" size="md" leftSection={<Icon size={18} />} onClick={() => onPick(type)} data-testid={`deal-type-${type}`}>
                {labels.type(type)}
              </Button>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
