// libxml2's SAX2 push parser (NibParsing's XML reader) and its pull reader (NibCompiled's XML
// property lists), as Swift sees them.
//
// Debian's libxml2 is built with ICU, so encoding.h would pull in the system's <unicode/*.h>,
// whose UErrorCode clashes with the copy in Foundation's _FoundationICU module: depending on
// which module a compilation meets first, the build fails ("U_MF_… is not present in definition
// of 'enum UErrorCode'"). We never touch the ICU members of xmlCharEncodingHandler (only
// pointers to it), so we hide libxml2's ICU half from Swift.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
