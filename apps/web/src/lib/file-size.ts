import { formatDecimal } from './format';

/** The server's body limit (apps/server/src/app.ts `bodyLimit`, 10 MiB). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** The largest file an upload can carry: it travels base64 in JSON (4/3 of its size) with a little room for the rest. */
export const UPLOAD_LIMIT_BYTES = 7 * 1024 * 1024;

/** One file-size format for every screen: bytes below 1 KB, then KB and MB in the user's number format (issue 9 item 10). */
export const formatFileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${formatDecimal(bytes / 1024)} KB` : `${formatDecimal(bytes / 1024 / 1024)} MB`;

/** True when the file is too large to upload (the user is told before the request). */
export const tooLargeToUpload = (file: File) => file.size > UPLOAD_LIMIT_BYTES;
