#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its headers would then include the system's ICU, which clashes
   with the ICU inside Foundation. Glimpse uses none of libxml2's ICU parts. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlIO.h>
