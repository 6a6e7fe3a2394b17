import { Group, Text } from '@mantine/core';

/** The product mark; with text on wide headers and the login page. */
export function Logo({ size = 32, withText = false }: { size?: number; withText?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="vario-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#339af0" />
            <stop offset="1" stopColor="#1864ab" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#vario-logo)" />
        <path d="M8 9h4.2l3.8 10.4L19.8 9H24l-6 15h-4z" fill="#fff" />
      </svg>
      {withText && (
        <Text fw={750} size={size > 36 ? 'xl' : 'lg'} style={{ letterSpacing: '-0.02em' }}>
          vario
        </Text>
      )}
    </Group>
  );
}
