#include <png.h>
#include <setjmp.h>
#include <string.h>

/* A PNG's bytes in memory, read in order by libpng. */
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} glimpse_png_source;

static inline void glimpse_png_read_bytes(png_structp png, png_bytep out, size_t length) {
    glimpse_png_source *source = (glimpse_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "the PNG ends early");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

/* Reads a PNG that is 8-bit RGBA, not interlaced and `width` x `height` (as Chromium's screenshots
   are) into `pixels`, `width * height * 4` bytes, without checking its chunks' CRCs or its zlib
   stream's Adler-32: they guard a file against damage in storage, and a screenshot handed over a
   pipe has none. libpng's simplified API can skip neither. Returns 1 when read; 0 when the PNG is
   of another kind or libpng fails, and the caller reads it the usual way. */
static inline int glimpse_png_read_rgba8(
    const unsigned char *data, size_t size, unsigned int width, unsigned int height, unsigned char *pixels) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return 0;
    }
    glimpse_png_source source = {data, size, 0};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    png_set_read_fn(png, &source, glimpse_png_read_bytes);
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#if defined(PNG_SET_OPTION_SUPPORTED) && defined(PNG_IGNORE_ADLER32)
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height ||
        png_get_bit_depth(png, info) != 8 || png_get_color_type(png, info) != PNG_COLOR_TYPE_RGB_ALPHA ||
        png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    for (unsigned int row = 0; row < height; row++) {
        png_read_row(png, pixels + (size_t)row * width * 4, NULL);
    }
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}
