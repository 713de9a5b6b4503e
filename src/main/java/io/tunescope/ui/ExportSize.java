package io.tunescope.ui;

/**
 * The size of a PNG export of a view: the width and height (in layout pixels, the unit of the screen) at
 * which the view is laid out again, and the scale that multiplies them into picture pixels. With the
 * aspect ratio locked, changing one side changes the other so that width / height stays at
 * {@link #aspect()}, the ratio when the lock was set. Immutable; the dialog keeps replacing it.
 */
public record ExportSize(int width, int height, int scale, boolean lockAspect, double aspect) {
    /** Smallest side a view is laid out at. */
    public static final int MIN_SIDE = 50;
    /** Largest side a view is laid out at. */
    public static final int MAX_SIDE = 10_000;
    public static final int MIN_SCALE = 1;
    public static final int MAX_SCALE = 4;
    /** Largest side of the picture (the largest texture JavaFX and most graphics cards handle). */
    public static final int MAX_PICTURE_SIDE = 16_384;
    /** Largest picture: 100 megapixels are 400 MB as ARGB, twice while the PNG is written. */
    public static final long MAX_PICTURE_PIXELS = 100_000_000L;

    static final String KEY_WIDTH = "export.png.width";
    static final String KEY_HEIGHT = "export.png.height";
    static final String KEY_SCALE = "export.png.scale";
    static final String KEY_LOCK = "export.png.lockAspect";
    static final String KEY_CUSTOM = "export.png.customSize";

    public ExportSize {
        width = clampSide(width);
        height = clampSide(height);
        scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, scale));
        if (!(aspect > 0) || Double.isInfinite(aspect)) {
            aspect = width / (double) height;
        }
    }

    /** A view's current size (rounded; at least {@link #MIN_SIDE}), unlocked ratio = the view's ratio. */
    public static ExportSize of(double width, double height, int scale, boolean lockAspect) {
        int w = clampSide((int) Math.round(width));
        int h = clampSide((int) Math.round(height));
        return new ExportSize(w, h, scale, lockAspect, w / (double) h);
    }

    static int clampSide(int side) {
        return Math.max(MIN_SIDE, Math.min(MAX_SIDE, side));
    }

    /** A new width; with the lock the height follows the locked ratio. */
    public ExportSize withWidth(int w) {
        int nw = clampSide(w);
        if (lockAspect) {
            return new ExportSize(nw, clampSide((int) Math.round(nw / aspect)), scale, true, aspect);
        }
        return new ExportSize(nw, height, scale, false, nw / (double) height);
    }

    /** A new height; with the lock the width follows the locked ratio. */
    public ExportSize withHeight(int h) {
        int nh = clampSide(h);
        if (lockAspect) {
            return new ExportSize(clampSide((int) Math.round(nh * aspect)), nh, scale, true, aspect);
        }
        return new ExportSize(width, nh, scale, false, width / (double) nh);
    }

    /** Locking keeps the current ratio from now on. */
    public ExportSize withLockAspect(boolean lock) {
        return new ExportSize(width, height, scale, lock, width / (double) height);
    }

    public ExportSize withScale(int s) {
        return new ExportSize(width, height, s, lockAspect, aspect);
    }

    /** Width and height of a view's size at this scale and lock (the "view size" button). */
    public ExportSize withSize(double w, double h) {
        ExportSize v = of(w, h, scale, lockAspect);
        return new ExportSize(v.width, v.height, scale, lockAspect, v.width / (double) v.height);
    }

    public int pictureWidth() {
        return width * scale;
    }

    public int pictureHeight() {
        return height * scale;
    }

    /** Whether the picture is small enough to be made (see {@link #MAX_PICTURE_SIDE}, {@link #MAX_PICTURE_PIXELS}). */
    public boolean fits() {
        return pictureWidth() <= MAX_PICTURE_SIDE && pictureHeight() <= MAX_PICTURE_SIDE
                && (long) pictureWidth() * pictureHeight() <= MAX_PICTURE_PIXELS;
    }

    /** Whether this is the size of a view (within rounding), i.e. not a size the user typed. */
    public boolean isSizeOf(double viewWidth, double viewHeight) {
        ExportSize v = of(viewWidth, viewHeight, scale, lockAspect);
        return v.width == width && v.height == height;
    }

    /**
     * The size the dialog starts with: the view's current size, or the size the user typed last time when
     * the last export was at a size of their own; the scale and the lock as last time (2x, locked at first).
     */
    public static ExportSize load(Settings settings, double viewWidth, double viewHeight) {
        int scale = (int) settings.getDouble(KEY_SCALE, 2);
        boolean lock = settings.getBoolean(KEY_LOCK, true);
        if (settings.getBoolean(KEY_CUSTOM, false)) {
            int w = (int) settings.getDouble(KEY_WIDTH, viewWidth);
            int h = (int) settings.getDouble(KEY_HEIGHT, viewHeight);
            return of(w, h, scale, lock);
        }
        return of(viewWidth, viewHeight, scale, lock);
    }

    /** Remembers this choice; a size other than the view's is offered again next time. */
    public void save(Settings settings, double viewWidth, double viewHeight) {
        settings.putDouble(KEY_WIDTH, width);
        settings.putDouble(KEY_HEIGHT, height);
        settings.putDouble(KEY_SCALE, scale);
        settings.putBoolean(KEY_LOCK, lockAspect);
        settings.putBoolean(KEY_CUSTOM, !isSizeOf(viewWidth, viewHeight));
        settings.flush();
    }
}
