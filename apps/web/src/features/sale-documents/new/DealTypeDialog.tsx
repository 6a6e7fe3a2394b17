import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileDescription, IconFileInvoice } from '@tabler/icons-react';
import { BELEGARTEN, DEAL_BELEGARTEN } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useDocumentLabels } from '../labels';

/** The types a document for a deal can be: the ones a user creates directly — offer or assignment (BEL-032, spec 2 §9). */
export const DEAL_TYPES = DEAL_BELEGARTEN;
export type DealType = string;
/** An icon per type: the offer's and the assignment's. */
const ICONS: Record<string, typeof IconFileDescription> = {
  [BELEGARTEN.angebot.belegart]: IconFileDescription,
  [BELEGARTEN.auftrag.belegart]: IconFileInvoice,
};

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
            const Icon = ICONS[type] ?? IconFileDescription;
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
