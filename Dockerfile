# deuce as one static binary in a minimal image, run as a non-root user.
#
#   docker build -t deuce .
#   docker run -p 8080:8080 -v deuce-data:/data deuce
#
# The build stage compiles without cgo (SQLite is modernc.org/sqlite, pure Go), so the binary
# needs no C library; the final image holds only it, CA certificates and the nonroot user.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/deuce ./cmd/deuce
# The image has no shell to make directories with: the data directory is made here, owned by
# the nonroot user, so that a volume mounted on it starts writable (Docker copies the owner of
# an image directory to a new named volume; a directory it creates itself belongs to root).
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/deuce /usr/local/bin/deuce
# The nonroot user (65532) owns the data directory; mount a volume there to keep matches.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME ["/data"]
ENV DEUCE_DATA=/data
EXPOSE 8080
# Numeric, so that Kubernetes' runAsNonRoot can check it (a user name cannot be checked).
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/deuce"]
CMD ["serve", "--addr", ":8080"]
