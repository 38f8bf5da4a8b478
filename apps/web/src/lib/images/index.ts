export { createImageProcessor } from './image-processor';
export type { ImageProcessor } from './image-processor';
export type { EncodedSize, ProcessedImage } from './process-image';
export type { ImageRefusal } from './image-refusals';
export {
  IMAGE_FILE_MAX_BYTES,
  ImageRefusedError,
  checkPickedFiles,
  imageRefusalMessage,
} from './image-refusals';
export { profilePhotoPaths } from './stored-photo';
