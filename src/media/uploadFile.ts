// The upload code lives in src/data/upload.ts, shared with the company form's logo field.
export { uploadFile, type UploadedMedia, type UploadOutcome } from '../data/upload';
