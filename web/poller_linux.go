package web

import (
	"errors"
	"net"
	"sync"
	"syscall"
)

// poller waits, on one goroutine for the whole process, until any of many idle connections has
// something to read, so that a connection waiting for its player's next move holds no goroutine
// (the runtime's own poller needs a goroutine blocked in Read for each). It is Linux's epoll,
// which the standard library does not expose for this.
type poller struct {
	epfd  int
	mu    sync.Mutex
	ready map[int32]pollEntry // by file descriptor
}

// pollEntry is a wait: ready is called for owner.
type pollEntry struct {
	owner any
	ready func()
}

var (
	pollerOnce sync.Once
	thePoller  *poller
)

// sharedPoller returns the process's poller, or nil when there is none.
func sharedPoller() *poller {
	pollerOnce.Do(func() {
		fd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
		if err != nil {
			return
		}
		thePoller = &poller{epfd: fd, ready: map[int32]pollEntry{}}
		go thePoller.run()
	})
	return thePoller
}

var errNotPollable = errors.New("the connection cannot be polled")

// pollable returns the poller and conn's file descriptor (for forget), or nil when conn cannot
// be polled.
func pollable(conn net.Conn) (*poller, int32) {
	p := sharedPoller()
	sc, ok := conn.(syscall.Conn)
	if p == nil || !ok {
		return nil, -1
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil, -1
	}
	fdOf := int32(-1)
	if raw.Control(func(fd uintptr) { fdOf = int32(fd) }) != nil {
		return nil, -1
	}
	return p, fdOf
}

// wait has ready called, on a goroutine of its own, once conn has something to read (or is
// closed by its peer); once only: to wait again, call wait again.
func (p *poller) wait(conn net.Conn, owner any, ready func()) error {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return errNotPollable
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	var werr error
	err = raw.Control(func(fd uintptr) {
		p.mu.Lock()
		p.ready[int32(fd)] = pollEntry{owner: owner, ready: ready}
		p.mu.Unlock()
		ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLONESHOT, Fd: int32(fd)}
		// A descriptor waited on before is re-armed; a new one (or one closed and reused
		// since: closing removes it) is added.
		if werr = syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_MOD, int(fd), &ev); errors.Is(werr, syscall.ENOENT) {
			werr = syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_ADD, int(fd), &ev)
		}
		if werr != nil {
			p.mu.Lock()
			delete(p.ready, int32(fd))
			p.mu.Unlock()
		}
	})
	if err != nil {
		return err
	}
	return werr
}

// forget drops owner's wait on descriptor fd, if it is still there: a connection closed while
// waiting is removed from the epoll set by the kernel, but not from the map.
func (p *poller) forget(fd int32, owner any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.ready[fd]; ok && e.owner == owner {
		delete(p.ready, fd)
	}
}

func (p *poller) run() {
	events := make([]syscall.EpollEvent, 128)
	for {
		n, err := syscall.EpollWait(p.epfd, events, -1)
		if err != nil {
			continue // EINTR
		}
		for _, ev := range events[:n] {
			p.mu.Lock()
			e, ok := p.ready[ev.Fd]
			delete(p.ready, ev.Fd)
			p.mu.Unlock()
			if ok {
				go e.ready()
			}
		}
	}
}
