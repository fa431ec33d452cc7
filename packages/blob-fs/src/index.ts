export { openFsBlobStore } from './fs-blob-store';
