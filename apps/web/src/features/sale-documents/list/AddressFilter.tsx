import { TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { AddressPickerProps } from '@/components/pickers/AddressPicker';

/** After this long without the user turning to it, the picker is mounted anyway (when the browser is idle). */
const MOUNT_AFTER_MS = 1500;

/**
 * The list's address filter. The real picker (a searchable Select over the server's address search, which asks for its
 * first 20 addresses as it mounts) took about as much main-thread time on the first load as the rest of the list
 * screen, and the first rows waited for it. It is loaded when the user turns to the field (pointer, focus), when an
 * address is already chosen, or once the screen has stood for a moment; until then an input of the same look and name
 * stands in, and what is typed into it becomes the picker's search (the picker takes the focus).
 */
export function AddressFilter(props: AddressPickerProps) {
  const [Picker, setPicker] = useState<ComponentType<AddressPickerProps> | null>(null);
  const [typed, setTyped] = useState('');
  const focused = useRef(false);
  const loading = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import('@/components/pickers/AddressPicker').then((m) => setPicker(() => m.AddressPicker));
  };
  useEffect(() => {
    if (props.value !== null) load();
  }, [props.value]);
  useEffect(() => {
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(load, { timeout: MOUNT_AFTER_MS });
      else load();
    }, MOUNT_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);

  if (Picker) return <Picker {...props} initialSearch={typed} autoFocus={focused.current} defaultDropdownOpened={focused.current && typed.length > 0} />;
  return (
    <TextInput
      aria-label={props['aria-label']}
      placeholder={props.placeholder as string | undefined}
      w={props.w}
      value={typed}
      onChange={(e) => setTyped(e.currentTarget.value)}
      rightSection={<IconChevronDown size={16} stroke={1.5} />}
      rightSectionPointerEvents="none"
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
      onPointerEnter={load}
      onFocus={() => {
        focused.current = true;
        load();
      }}
      onBlur={() => {
        focused.current = false;
      }}
    />
  );
}
