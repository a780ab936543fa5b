package io.jazmin.spring.batch;

import io.jazmin.mapping.annotation.JazminId;

/** What the job reads: a member of a loyalty scheme, in the file {@code members}. */
public record Member(@JazminId long id, String name, long points) {
}
