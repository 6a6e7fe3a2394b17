import { Title, type TitleOrder, type TitleProps } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Heading levels without gaps (WCAG 1.3.1, axe heading-order): a screen's one h1 is its header (PageHeader,
 * RecordPage); the cards and lists below it title themselves one level deeper. `SectionTitle` takes its level from the
 * nearest `HeadingSection` (2 right under the h1); a titled part that holds further titled cards (a sub-record's
 * panel) wraps them in `HeadingSection`, so they become one level deeper again. The look stays with `size`.
 */
const HeadingLevel = createContext<TitleOrder>(2);

export const useHeadingLevel = () => useContext(HeadingLevel);

/** The titles inside are one level below the title of this part. */
export function HeadingSection({ children }: { children: ReactNode }) {
  const level = useContext(HeadingLevel);
  return <HeadingLevel.Provider value={Math.min(6, level + 1) as TitleOrder}>{children}</HeadingLevel.Provider>;
}

/** A card's or section's title at the level of where it stands. */
export function SectionTitle(props: Omit<TitleProps, 'order'>) {
  return <Title order={useHeadingLevel()} {...props} />;
}
