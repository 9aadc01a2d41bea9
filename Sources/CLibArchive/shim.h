// libarchive's read and write API, as Swift sees it: NibAppArchive reads `.ipa` (zip) archives
// with it, the tests write fixture archives with it.
#include <archive.h>
#include <archive_entry.h>
