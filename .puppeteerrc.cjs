// Browser runs use the system Chromium (/usr/bin/chromium); puppeteer's own download cannot work here.
module.exports = { skipDownload: true };
