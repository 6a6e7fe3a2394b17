import { Alert, Box, Card, Group, Loader, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraState } from './use-barcode-camera';

/** The camera of a scanner screen: the live picture with its aiming line, or why there is none, and the formats read. */
export function CameraCard({ video, camera }: { video: RefObject<HTMLVideoElement | null>; camera: CameraState }) {
  const { t } = useTranslation('scanner');
  const problem = camera === 'unsupported' ? 'noCamera' : camera === 'denied' ? 'denied' : camera === 'failed' ? 'cameraFailed' : null;
  return (
    <Card withBorder radius="md" padding="sm">
      {problem ? (
        <Alert color="gray" variant="light" icon={<IconCameraOff size={18} />} data-testid="scanner-no-camera">
          {t(problem)}
        </Alert>
      ) : (
        <Box pos="relative" style={{ borderRadius: 8, overflow: 'hidden', background: '#000', aspectRatio: '4 / 3' }}>
          <video ref={video} muted playsInline style={{ width: '100%', height: '100%', objectFit: 'cover' }} data-testid="scanner-video" />
          <Box pos="absolute" style={{ left: '10%', right: '10%', top: '50%', height: 2, background: 'var(--mantine-color-red-6)', opacity: 0.8 }} />
          {camera === 'starting' && (
            <Group pos="absolute" inset={0} justify="center">
              <Loader color="white" />
            </Group>
          )}
        </Box>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('formats')}
      </Text>
    </Card>
  );
}
