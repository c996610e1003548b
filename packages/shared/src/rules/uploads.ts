/**
 * Images are ours: a product image, a shop's logo and banner are a path the upload endpoint
 * answered (`/uploads/<generated name>`), or empty. Anything else could point a page at another
 * site or carry a script URL.
 */
export const STORED_IMAGE_PATTERN = /^(\/uploads\/[A-Za-z0-9._-]+)?$/;
export const STORED_IMAGE_MESSAGE = 'Choose an image uploaded to Torget.';
