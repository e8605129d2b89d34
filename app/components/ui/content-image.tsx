/** An <img> from content with its intrinsic size; lazy unless it is above the fold. */
import type { Image } from "~/content/schema";

type ContentImageProps = {
  image: Image;
  className?: string;
  /** The largest image above the fold: load eagerly with high fetch priority. */
  priority?: boolean;
};

export function ContentImage({ image, className, priority = false }: ContentImageProps) {
  return (
    <img
      className={className}
      src={image.url}
      // An image of the media library comes in several widths: the browser takes the one
      // the screen needs.
      srcSet={image.srcset}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      // "sync" would hold the first paint until the image is decoded: the text above the
      // fold must not wait for artwork (measured with Lighthouse).
      decoding="async"
      // React 18 passes lowercase unknown attributes through; fetchPriority is React 19.
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}
