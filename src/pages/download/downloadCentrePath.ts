/** Portal path of the download centre (schemas/_routes/handwritten.json declares its route). */
export const DOWNLOAD_CENTRE_PATH = '/my/download-center';
