import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PdfViewerProps } from './PdfViewer';

const Viewer = lazy(() => import('./PdfViewer'));

/** The pdf.js viewer, loaded (with pdf.js and its worker) only when it is first shown. */
export function PdfViewer(props: PdfViewerProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? '100%'}>
          <Loader />
        </Center>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
