// A container image as a certification target (issue 8): `mcs certify --image` starts it here.
export { startImageTarget } from './start.js';
export { dockerAvailable, engineEndpoint } from './engine.js';
export { ImageTargetError, type ImageTargetFailure } from './errors.js';
export { CONTAINER_LABEL, type EngineStatus, type ImageReadiness, type ImageTarget, type ImageTargetOptions, type TargetUrls } from './types.js';
export { DEFAULT_READY_TIMEOUT_MS, ImageFlagError, imageTargetOptions, type ImageFlags } from './flags.js';
