// libxml2's SAX2 push parser, as Swift sees it (NibParsing's XML reader).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
